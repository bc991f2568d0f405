;; Destructuring in let, fn, loop, for and doseq.
;;;; ds_vector_basic
(let [[a b c] [1 2 3]] (+ a b c))
;;;; ds_vector_missing
(let [[a b c] [1 2]] [a b c])
;;;; ds_vector_rest
(let [[head & tail] [1 2 3 4]] [head tail])
;;;; ds_vector_rest_empty
(let [[head & tail] [1]] [head tail])
;;;; ds_vector_as
(let [[a b :as all] [1 2 3]] [a b all])
;;;; ds_vector_rest_as
(let [[a & more :as whole] '(5 6 7)] [a more whole])
;;;; ds_vector_skip
(let [[_ second-item _ fourth] [:a :b :c :d]] [second-item fourth])
;;;; ds_vector_nested
(let [[a [b c] d] [1 [2 3] 4]] [a b c d])
;;;; ds_vector_string
(let [[c1 c2] "hi"] [c1 c2])
;;;; ds_vector_nil
(let [[a b] nil] [a b])
;;;; ds_map_keys
(let [{:keys [name age]} {:name "Ann" :age 40}] (str name ":" age))
;;;; ds_map_keys_or
(let [{:keys [a b] :or {b 99}} {:a 1}] [a b])
;;;; ds_map_or_not_for_false
(let [{:keys [flag] :or {flag true}} {:flag false}] flag)
;;;; ds_map_as
(let [{:keys [a] :as m} {:a 1 :b 2}] [a m])
;;;; ds_map_strs
(let [{:strs [city zip]} {"city" "Oslo" "zip" "0150"}] [city zip])
;;;; ds_map_syms
(let [{:syms [x y]} {'x 1 'y 2}] (+ x y))
;;;; ds_map_explicit
(let [{n :name total :total} {:name "o1" :total 50}] [n total])
;;;; ds_map_nested
(let [{{:keys [city]} :address} {:address {:city "Paris"}}] city)
;;;; ds_map_nested_vector
(let [{[first-item] :items} {:items [:x :y]}] first-item)
;;;; ds_map_missing_nil
(let [{:keys [a b]} {}] [a b])
;;;; ds_map_nil_source
(let [{:keys [a]} nil] a)
;;;; ds_vector_of_maps
(let [[{a :v} {b :v}] [{:v 1} {:v 2}]] (+ a b))
;;;; ds_fn_params
((fn [[x y] {:keys [z]}] (+ x y z)) [1 2] {:z 3})
;;;; ds_fn_rest_map
(defn opts [& {:keys [size color] :or {size 1}}] [size color])
(opts :color "red")
;;;; ds_for_entries
(for [[k v] {:a 1 :b 2}] (str (name k) "=" v))
;;;; ds_reduce_entries
(reduce (fn [acc [k v]] (+ acc v)) 0 {:x 1 :y 2 :z 3})
;;;; ds_map_indexed_pairs
(map (fn [[i x]] (* i x)) (map-indexed vector [10 20 30]))
;;;; ds_doseq_destructure
(doseq [[k v] {:a 1}] (str k v))
;;;; ds_loop_pairs
(loop [[[k v] & more] [[:a 1] [:b 2]] acc {}]
  (if k (recur more (assoc acc v k)) acc))
;;;; ds_keys_with_defaults_and_as
(defn conn [{:keys [host port] :or {host "localhost" port 80} :as cfg}]
  [host port (count cfg)])
[(conn {}) (conn {:port 8080 :debug true})]
;;;; ds_let_map_in_vector
(let [[_ {:keys [id]}] [{:id 1} {:id 2}]] id)
;;;; ds_let_rest_destructure
(let [[a & [b c]] [1 2 3 4]] [a b c])
